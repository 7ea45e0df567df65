#ifndef SCHEDULERD_CCURL_SHIM_H
#define SCHEDULERD_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: Swift cannot call them, so each
   argument type gets a typed wrapper. */
static inline CURLcode sd_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode sd_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode sd_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode sd_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode sd_curl_setopt_offset(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode sd_curl_setopt_write_callback(CURL *h, size_t (*cb)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, cb);
}
static inline CURLcode sd_curl_setopt_header_callback(CURL *h, size_t (*cb)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, cb);
}
static inline CURLcode sd_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode sd_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode sd_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline CURLcode sd_curl_getinfo_offset(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }

/* Limits a handle to http and https, for the request and any redirect, so a URL or a Location header
   can never make libcurl open file://, ftp:// or anything else. CURLOPT_PROTOCOLS_STR came in 7.85.0;
   older libcurl gets the equivalent bitmask, chosen here at compile time so Swift never sees the
   deprecated option. */
static inline CURLcode sd_curl_restrict_protocols_to_http(CURL *h) {
#if LIBCURL_VERSION_NUM >= 0x075500
    CURLcode rc = curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    if (rc != CURLE_OK) return rc;
    return curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    CURLcode rc = curl_easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (rc != CURLE_OK) return rc;
    return curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

/* CURLOPT_PREREQFUNCTION (7.80.0) is called each time libcurl is about to send a request on a connection, its own
   resends included (a reused connection that died before any answer, a refused HTTP/2 stream): returning 1 aborts the
   transfer before the bytes go out. Older libcurl answers CURLE_UNKNOWN_OPTION and the caller opens a fresh connection
   instead. */
static inline CURLcode sd_curl_setopt_prereq_callback(CURL *h, int (*cb)(void *, char *, char *, int, int), void *user) {
#if LIBCURL_VERSION_NUM >= 0x075000
    CURLcode rc = curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, cb);
    if (rc != CURLE_OK) return rc;
    return curl_easy_setopt(h, CURLOPT_PREREQDATA, user);
#else
    (void)cb; (void)user;
    return CURLE_UNKNOWN_OPTION;
#endif
}

/* CURL_GLOBAL_DEFAULT is a macro built from other macros; a function keeps Swift independent of how
   the importer treats it. */
static inline CURLcode sd_curl_global_init_default(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

/* The version libcurl was loaded at run time, for log lines and diagnostics. */
static inline const char *sd_curl_version_string(void) { return curl_version_info(CURLVERSION_NOW)->version; }
#endif
