// The libcurl C API for Swift (libcurl4-openssl-dev).
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call; these typed wrappers can be.
#ifndef QUAKESD_CCURL_SHIM_H
#define QUAKESD_CCURL_SHIM_H

#include <curl/curl.h>

static inline CURLcode quakes_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quakes_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quakes_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quakes_curl_setopt_write_function(
    CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode quakes_curl_setopt_header_function(
    CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode quakes_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode quakes_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quakes_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode quakes_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

// The result of a finished transfer, from the union in CURLMsg.
static inline CURLcode quakes_curl_msg_result(const CURLMsg *message) {
  return message->data.result;
}

// The version of the libcurl loaded at run time (CURLVERSION_NOW is a macro Swift cannot see).
static inline const char *quakes_curl_version_number(void) {
  const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info ? info->version : 0;
}

#endif
