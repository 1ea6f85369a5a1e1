/**
 * SHA-256 of a string's UTF-8 bytes, as lower-case hex, from @noble/hashes (audited, pure
 * JavaScript): lib/core has no Node APIs and no synchronous WebCrypto, and the contract must hash
 * the same in the CLI, the dashboard and the tests.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of the UTF-8 encoding of `text`, 64 hex digits. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
