/**
 * The Markdown of Quill's own documents (docs/user-guide.md) as HTML: headings (#, ##, ###) with
 * ids, paragraphs, "-" and "1." lists, **bold**, `code` and [links](…) to http(s), a path or an
 * #anchor. Everything else is text: the source is escaped first, so no markup in it can run.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A heading's id: its words in lower case joined by '-'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|\/|#)[^)\s]*)\)/g, '<a href="$2">$1</a>');
}

type Block = { kind: 'p' | 'ul' | 'ol'; lines: string[] };

/** The HTML of a Markdown document (see above for what it understands). */
export function renderMarkdown(source: string): string {
  const out: string[] = [];
  let block = null as Block | null;
  const flush = () => {
    if (!block) return;
    if (block.kind === 'p') out.push(`<p>${block.lines.map(inline).join(' ')}</p>`);
    else
      out.push(`<${block.kind}>${block.lines.map((l) => `<li>${inline(l)}</li>`).join('')}</${block.kind}>`);
    block = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      out.push(`<h${level} id="${slug(heading[2]!)}">${inline(heading[2]!)}</h${level}>`);
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (block?.kind !== kind) {
        flush();
        block = { kind, lines: [] };
      }
      block.lines.push((bullet ?? numbered)![1]!);
    } else if (line === '') {
      flush();
    } else if (block && block.kind !== 'p' && /^\s+\S/.test(raw)) {
      // A list item's continuation line.
      block.lines[block.lines.length - 1] += ` ${line.trim()}`;
    } else {
      if (block?.kind !== 'p') {
        flush();
        block = { kind: 'p', lines: [] };
      }
      block.lines.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}
