#ifndef TROVE_CICAL_SHIM_H
#define TROVE_CICAL_SHIM_H

#include <libical/ical.h>

/* icalerrno is a macro over a per-thread function call; Swift cannot read it directly. */

static inline icalerrorenum trove_ical_errno(void) {
    return icalerrno;
}

static inline void trove_ical_clear_errno(void) {
    icalerror_clear_errno();
}

#endif
