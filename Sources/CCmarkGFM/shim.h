#ifndef TROVE_CCMARKGFM_SHIM_H
#define TROVE_CCMARKGFM_SHIM_H

/* GitHub's CommonMark (Debian's libcmark-gfm and its extensions: tables, strikethrough, autolinks, task lists). */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
