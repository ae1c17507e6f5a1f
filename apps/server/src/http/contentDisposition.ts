/**
 * A Content-Disposition value (RFC 6266): a quoted ASCII `filename` safe in any browser (anything
 * but letters, digits, dot, dash and underscore becomes `_`, and no path survives) plus the exact
 * name as RFC 5987 `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const ascii = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'download';
  const encoded = encodeURIComponent(base || ascii).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
