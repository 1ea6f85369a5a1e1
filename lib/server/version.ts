import { PRODUCT_NAME } from '../core/product';

/** The generator named in every Report. Kept in step with package.json by a unit test. */
export const GENERATOR = { name: PRODUCT_NAME, version: '0.1.0' } as const;
