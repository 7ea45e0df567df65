#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

/* libjpeg reports errors by calling exit() unless told otherwise: this handler jumps back instead,
   so a failure becomes an error code for Swift rather than the end of the process. */
struct cjpeg_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf back;
};

static void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error_manager *manager = (struct cjpeg_error_manager *)info->err;
    longjmp(manager->back, 1);
}

/* Compresses `height` rows of `width` RGB pixels into a JPEG in memory. Returns 0 on success and sets
   *out (free it with free()) and *out_size; returns -1 on failure. */
static inline int cjpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                                   unsigned char **out, unsigned long *out_size) {
    struct jpeg_compress_struct info;
    struct cjpeg_error_manager errors;
    *out = NULL;
    *out_size = 0;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = cjpeg_error_exit;
    if (setjmp(errors.back)) {
        jpeg_destroy_compress(&info);
        if (*out) { free(*out); *out = NULL; }
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, out_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
