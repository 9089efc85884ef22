// packages.waitForReview against the fake: passed, rejected (with the failing flow), the timeout that
// keeps the last status, and a callback feed that wakes the wait before its next poll.
import { describe, expect, it } from 'vitest';
import { createReviewFeed, ReviewTimeoutError } from '../src/index.ts';
import { draft, setupFake } from './helpers.ts';

async function submitted(options: Parameters<typeof setupFake>[0] = {}) {
  const env = setupFake({ reviewDelayMs: 5, ...options });
  const [zip, pdf] = await env.market.files.upload([{ data: 'zip', filename: 'm.zip' }, { data: 'pdf', filename: 'u.pdf' }]);
  await env.market.files.waitForMalwareScan([zip!.file_upload_id, pdf!.file_upload_id], { pollInterval: 5 });
  const submit = (itemId: string) =>
    env.market.packages.submit([{ ...draft(0), item_id: itemId, release_notes: 'r', version_compatibility: [{ edition: 'CE', versions: ['2.4'] }], artifact: { file_upload_id: zip!.file_upload_id }, documentation_artifacts: { user: { file_upload_id: pdf!.file_upload_id } }, action: { technical: 'submit', marketing: 'submit' } }]);
  return { ...env, submit: async (itemId: string) => String((await submit(itemId)).throwIfFailed()[0]!.value.submission_id) };
}

describe('packages.waitForReview', () => {
  it('resolves passed once both flows are approved, reporting each status change', async () => {
    const { market, submit } = await submitted();
    const id = await submit('ok');
    const seen: string[] = [];
    const outcome = await market.packages.waitForReview(id, { pollInterval: 5, onProgress: (p) => seen.push(`${p.technical}/${p.marketing}`) });
    expect(outcome).toMatchObject({ verdict: 'passed', technical: { status: 'approved', verdict: 'passed' }, marketing: { status: 'approved', verdict: 'passed' } });
    expect(seen.at(-1)).toBe('approved/approved');
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('resolves rejected as soon as one flow is rejected', async () => {
    const { fake, market, submit } = await submitted();
    fake.failReview('bad', 'technical');
    const outcome = await market.packages.waitForReview(await submit('bad'), { pollInterval: 5 });
    expect(outcome.verdict).toBe('rejected');
    expect(outcome.technical).toEqual({ status: 'rejected', verdict: 'rejected' });
  });

  it('times out with a typed error that still carries the last outcome', async () => {
    const { market, submit } = await submitted({ reviewDelayMs: false });
    const error = await market.packages.waitForReview(await submit('slow'), { pollInterval: 5, maxWait: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewTimeoutError);
    expect((error as ReviewTimeoutError).outcome.technical.status).toBe('in_automation');
  });

  it('a feed wakes the wait at once instead of at the next poll', async () => {
    const { fake, market, submit } = await submitted({ reviewDelayMs: false });
    const id = await submit('fed');
    const feed = createReviewFeed();
    const waiting = market.packages.waitForReview(id, { pollInterval: 60_000, feed });
    await new Promise((r) => setTimeout(r, 20));
    fake.setStatus(id, 'technical', 'approved');
    fake.setStatus(id, 'marketing', 'approved');
    // With a 60 s poll interval, only the feed can end this wait within the test's timeout.
    feed.push({ submission_id: id });
    expect((await waiting).verdict).toBe('passed');
  });
});
