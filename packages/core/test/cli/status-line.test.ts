import { describe, expect, it } from 'vitest';
import { createStatusLine } from '../../src/cli/status-line.ts';

function sink() {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => writes.push(chunk) };
}

describe('createStatusLine', () => {
  it('redraws in place, padding over a longer previous line', () => {
    const out = sink();
    const line = createStatusLine(out);
    line.draw('scanning 12345');
    line.draw('done');
    expect(out.writes).toEqual(['\rscanning 12345', `\rdone${' '.repeat(10)}`]);
  });

  it('cuts a line to the terminal width so it never wraps', () => {
    const out = sink();
    createStatusLine(out, { columns: 50 }).draw('x'.repeat(80));
    expect(out.writes[0]).toBe(`\r${'x'.repeat(48)}…`);
  });

  it('clear() wipes the drawn line; end() closes it with one newline, once', () => {
    const out = sink();
    const line = createStatusLine(out);
    line.draw('abc');
    line.clear();
    line.clear();
    expect(out.writes.slice(1)).toEqual(['\r   \r']);
    line.draw('def');
    line.end();
    line.end();
    expect(out.writes.slice(2)).toEqual(['\rdef', '\n']);
  });

  it('writes nothing on end() when nothing was drawn', () => {
    const out = sink();
    createStatusLine(out).end();
    expect(out.writes).toEqual([]);
  });
});
