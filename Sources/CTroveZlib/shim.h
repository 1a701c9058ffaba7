#ifndef TROVE_CZLIB_SHIM_H
#define TROVE_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit is a macro, which Swift cannot call. */
static inline int trove_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
#endif
