// libxml2 (Debian libxml2-dev): its streaming reader, for tally import's roll-call XML formats.
#include <libxml/xmlreader.h>
