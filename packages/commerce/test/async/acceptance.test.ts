/** The platform's 202 answer to a queued write, read into an acceptance, or refused with what was wrong. */
import { describe, expect, it } from 'vitest';
import { parseAcceptanceBody, toAcceptance, type AcceptanceBody } from '../../src/async/acceptance.ts';

const item = (id: number, status: 'accepted' | 'rejected', extra: Partial<AcceptanceBody['request_items'][number]> = {}) => ({ id, data_hash: null, status, ...extra });

describe('toAcceptance', () => {
  it('has errors when the platform says so or when any item was rejected, and only then', () => {
    expect(toAcceptance('r', { bulk_uuid: 'u', errors: false, request_items: [item(0, 'accepted'), item(1, 'accepted')] }).errors).toBe(false);
    expect(toAcceptance('r', { bulk_uuid: 'u', errors: false, request_items: [item(0, 'accepted'), item(1, 'rejected')] }).errors).toBe(true);
    expect(toAcceptance('r', { bulk_uuid: 'u', errors: true, request_items: [item(0, 'accepted')] }).errors).toBe(true);
  });

  it('keeps each item, with an absent message and code as null', () => {
    const acceptance = toAcceptance('POST /async/V1/products', { bulk_uuid: 'u-1', errors: true, request_items: [item(0, 'accepted', { data_hash: 'h0' }), item(1, 'rejected', { error_message: 'bad', error_code: 7 })] });
    expect(acceptance).toEqual({
      route: 'POST /async/V1/products',
      bulkUuid: 'u-1',
      errors: true,
      requestItems: [
        { id: 0, dataHash: 'h0', status: 'accepted', errorMessage: null, errorCode: null },
        { id: 1, dataHash: null, status: 'rejected', errorMessage: 'bad', errorCode: 7 },
      ],
    });
  });
});

describe('parseAcceptanceBody', () => {
  const refuse = () => ({ ok: false as const, problem: 'bulk_uuid: Required' });
  const failure = (body: unknown, status?: number) =>
    parseAcceptanceBody(body, { method: 'POST', url: 'https://x.test/rest/async/V1/products', ...(status === undefined ? {} : { status }) }, refuse).then(
      () => undefined,
      (error: unknown) => error as { kind: string; service: string; status?: number; method: string; url: string; raw: string; message: string },
    );

  it('refuses a body that is not an acceptance with a response error naming the call, the problem and the body', async () => {
    const error = await failure({ message: 'queued' }, 202);
    expect(error).toMatchObject({ kind: 'response', service: 'commerce', status: 202, method: 'POST', url: 'https://x.test/rest/async/V1/products', raw: '{"message":"queued"}' });
    expect(error!.message).toBe('POST https://x.test/rest/async/V1/products answered with a body that is not an async acceptance ({bulk_uuid, request_items, errors}): bulk_uuid: Required');
  });

  it('keeps a text body as it came, an absent body as "undefined", and no status when none was given', async () => {
    expect((await failure('<html>busy</html>'))!.raw).toBe('<html>busy</html>');
    const absent = await failure(undefined);
    expect(absent!.raw).toBe('undefined');
    expect(absent!.status).toBeUndefined();
  });

  it('answers the checked body when it is one', async () => {
    const body = { bulk_uuid: 'u', errors: false, request_items: [] };
    await expect(parseAcceptanceBody(body, { method: 'POST', url: 'u' }, () => ({ ok: true, data: body }))).resolves.toBe(body);
  });
});
