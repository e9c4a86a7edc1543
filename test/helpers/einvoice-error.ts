import { expect } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'

/** What `f` (sync or async) threw, checked to be an EInvoiceError; fails the test when it returns. */
export async function einvoiceErrorOf(f: () => unknown): Promise<EInvoiceError> {
  try {
    await f()
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(EInvoiceError)
    return err as EInvoiceError
  }
  throw new Error('expected an EInvoiceError, but the call returned')
}

/** What the synchronous `f` threw, checked to be an EInvoiceError; fails the test when it returns. */
export function einvoiceErrorOfSync(f: () => unknown): EInvoiceError {
  try {
    f()
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(EInvoiceError)
    return err as EInvoiceError
  }
  throw new Error('expected an EInvoiceError, but the call returned')
}
