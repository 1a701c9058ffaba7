#ifndef TROVE_CSODIUM_SHIM_H
#define TROVE_CSODIUM_SHIM_H

/* Only scrypt is taken from libsodium (age's passphrase recipient); swift-crypto has the rest. */
#include <sodium/core.h>
#include <sodium/crypto_pwhash_scryptsalsa208sha256.h>

#endif
