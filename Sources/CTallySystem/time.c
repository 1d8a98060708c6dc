// Swift's Glibc module does not import strptime, which glibc declares only with _XOPEN_SOURCE; tm_gmtoff, which
// %z fills, needs _DEFAULT_SOURCE.
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <string.h>
#include <time.h>
#include "CTallySystem.h"

int tally_parse_date(const char *text, const char *format, int *year, int *month, int *day, int *hour, int *minute, int *second,
                     long *utc_offset) {
    struct tm fields;
    memset(&fields, 0, sizeof fields);
    const char *end = strptime(text, format, &fields);
    if (end == NULL || *end != '\0') return 0;
    *year = fields.tm_year + 1900;
    *month = fields.tm_mon + 1;
    *day = fields.tm_mday;
    *hour = fields.tm_hour;
    *minute = fields.tm_min;
    *second = fields.tm_sec;
    *utc_offset = fields.tm_gmtoff;
    return 1;
}
