/**
 * The platform's reading of a path segment: its router splits the raw path on `/` and runs PHP's
 * urldecode() on each variable, so `+` becomes a space (the classic SKU bug), `%2B` a plus and
 * `%2F` a slash. Malformed escapes are kept as they are, like PHP does.
 */
export function phpUrlDecode(segment: string): string {
  const spaced = segment.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Decode the well-formed runs and keep the rest verbatim.
    return spaced.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
