// libxml2 (Debian libxml2-dev): its SAX2 parser, which XMLParser wraps, for tally import's roll-call XML formats.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash in Swift with Foundation's own copy of ICU ('UErrorCode'
// has different definitions). Nothing here uses libxml2's ICU converters: without them its encoding handler only
// lacks two pointers at its end, a struct Tally never reads.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
