// The package's size budget (README "Install"): what `npm pack` may weigh, packed and unpacked.
export const PACKAGE_BUDGET = { packedBytes: 4 * 1024 * 1024, unpackedBytes: 13 * 1024 * 1024 };
