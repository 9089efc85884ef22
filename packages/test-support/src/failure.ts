/**
 * The error a promise rejects with, as a plain record so a test can read `status`, `kind`, `message`...
 * A promise that resolves fails the test: the call was expected to fail.
 */
export async function failure(promise: Promise<unknown>): Promise<Record<string, any>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, any>;
  }
  throw new Error('expected the call to fail');
}
