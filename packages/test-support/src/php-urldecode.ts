/**
 * The test oracle for the platform's reading of a path segment: its router splits the raw path on "/"
 * and PHP urldecode()s each variable ("+" becomes a space, "%XX" a byte, a malformed escape stays).
 * Written byte by byte, independently of the fake's own decoder (commerce src/testing/php-urldecode.ts),
 * so a test that compares the two catches either one drifting.
 */
export function phpUrlDecode(segment: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === '+') bytes.push(0x20);
    else if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(segment.slice(i + 1, i + 3))) {
      bytes.push(parseInt(segment.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...encoder.encode(ch));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
