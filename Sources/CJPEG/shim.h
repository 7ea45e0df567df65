#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

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

/* Why a decode failed or found damage: libjpeg's message, for the person. */
struct cjpeg_check_manager {
    struct jpeg_error_mgr base;
    jmp_buf back;
    int damaged;
    char text[JMSG_LENGTH_MAX];
};

static void cjpeg_check_error_exit(j_common_ptr info) {
    struct cjpeg_check_manager *manager = (struct cjpeg_check_manager *)info->err;
    longjmp(manager->back, 1);
}

/* libjpeg only warns about data that ends early or does not decode (it pads the image with grey and carries
   on); for a file about to be published those are damage, so they are remembered. Other warnings (an unknown
   JFIF revision, extraneous bytes between markers) are harmless and many cameras cause them. */
static void cjpeg_check_emit_message(j_common_ptr info, int level) {
    struct cjpeg_check_manager *manager = (struct cjpeg_check_manager *)info->err;
    if (level >= 0 || manager->damaged) return;
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF: case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE: case JWRN_ARITH_BAD_CODE: case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL: case JWRN_BOGUS_PROGRESSION:
        manager->damaged = 1;
        (*info->err->format_message)(info, manager->text);
        break;
    default:
        break;
    }
}

/* Decodes every byte of the JPEG's entropy-coded data (scaled to 1/8, which still reads all of it but skips most of
   the inverse DCT), so a file cut short or corrupted in the middle is found. Returns 0 when whole, setting *width and
   *height; -1 when libjpeg refused it or found damage, with its message in `message`. */
static inline int cjpeg_check(const unsigned char *bytes, unsigned long size, int *width, int *height,
                              char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct cjpeg_check_manager errors;
    JSAMPARRAY row = NULL;
    message[0] = 0;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = cjpeg_check_error_exit;
    errors.base.emit_message = cjpeg_check_emit_message;
    errors.damaged = 0;
    errors.text[0] = 0;
    if (setjmp(errors.back)) {
        char text[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, text);
        snprintf(message, message_size, "%s", text);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    info.scale_num = 1;
    info.scale_denom = 8;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&info);
    row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, info.output_width * info.output_components, 1);
    while (info.output_scanline < info.output_height && !errors.damaged) {
        jpeg_read_scanlines(&info, row, 1);
    }
    if (!errors.damaged) jpeg_finish_decompress(&info);
    if (errors.damaged) {
        snprintf(message, message_size, "%s", errors.text);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_destroy_decompress(&info);
    return 0;
}
