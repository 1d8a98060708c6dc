// libcsv (Debian libcsv-dev): a streaming RFC 4180 parser in C, for tally import's CSV format.
#include <csv.h>
