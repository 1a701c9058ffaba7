#ifndef TROVE_CGIT2_SHIM_H
#define TROVE_CGIT2_SHIM_H

#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
#include <git2/sys/remote.h>
#include <git2/sys/transport.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one wrapper per option we use. */

static inline int trove_git_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

static inline int trove_git_enable_fsync_gitdir(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

static inline int trove_git_set_owner_validation(int enabled) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

static inline int trove_git_enable_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int trove_git_set_cache_object_limit(git_object_t type, size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, size);
}

static inline int trove_git_set_mwindow_size(size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, size);
}

static inline int trove_git_set_mwindow_mapped_limit(size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, size);
}

static inline int trove_git_set_cache_max_size(ssize_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, size);
}

/* mbedTLS's readers of CA certificates, as the linker's --wrap names them (Package.swift, TroveGit):
 * `__real_` is mbedTLS's own; Trove's `__wrap_` (TroveGit/Transport/CALoading.swift) decides whether to call it. */
int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path);
int __real_mbedtls_x509_crt_parse_path(void *chain, const char *path);

/* The CA certificates https remotes are checked against (a file, a folder, or both). */
static inline int trove_git_set_ssl_cert_locations(const char *file, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}

/* Trove's own loose-object reader (TroveGit/LooseObject.swift): libgit2 1.5 spins forever
   inflating a truncated loose object. `parent` comes first, so a `git_odb_backend *` is one of these. */
typedef struct {
    git_odb_backend parent;
    /* libgit2's loose backend: writes, existence, prefixes and listing, which never inflate. */
    git_odb_backend *files;
    /* The objects folder, with a trailing slash (malloc'd). */
    char *objects;
} trove_loose_backend;

/* Trove's ssh subtransport (TroveGit/SSHSubtransport.swift), which runs the system's ssh program. `parent`
   comes first, so libgit2's pointers are these; `owner` is the retained Swift object behind each. */
typedef struct {
    git_smart_subtransport parent;
    git_transport *transport;
    void *owner;
} trove_ssh_subtransport;

typedef struct {
    git_smart_subtransport_stream parent;
    void *owner;
} trove_ssh_stream;

#endif
