const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function checkText(text: string, where: number): void {
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(text)) throw new Error(`Unescaped & at ${where + i}`);
  }
  if (text.includes('<')) throw new Error(`Unescaped < at ${where}`);
}

/**
 * Throws unless the text is a well-formed XML document: one root element, balanced and properly
 * nested tags, quoted attributes without duplicates, and only predefined or numeric entities.
 * Small on purpose (no DTDs); used by the demo tests to check generated CDA and DOCX parts.
 */
export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  let pos = 0;
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const text = xml.slice(pos, lt === -1 ? xml.length : lt);
    if (stack.length === 0 && text.trim() !== '') throw new Error(`Text outside the root element at ${pos}`);
    checkText(text, pos);
    if (lt === -1) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) throw new Error('Unterminated processing instruction');
      pos = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end === -1) throw new Error('Unterminated comment');
      pos = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end === -1 || stack.length === 0) throw new Error('Bad CDATA section');
      pos = end + 3;
    } else {
      const gt = xml.indexOf('>', lt);
      if (gt === -1) throw new Error(`Unterminated tag at ${lt}`);
      const raw = xml.slice(lt + 1, gt);
      if (raw.startsWith('/')) {
        const name = raw.slice(1).trim();
        const open = stack.pop();
        if (open !== name) throw new Error(`</${name}> closes <${open ?? 'nothing'}> at ${lt}`);
      } else {
        const selfClosing = raw.endsWith('/');
        const body = selfClosing ? raw.slice(0, -1) : raw;
        const m = /^([^\s/>]+)([\s\S]*)$/.exec(body);
        const name = m?.[1] ?? '';
        if (!NAME.test(name)) throw new Error(`Bad element name "${name}" at ${lt}`);
        checkAttributes(m?.[2] ?? '', lt);
        if (stack.length === 0) roots++;
        if (roots > 1) throw new Error('More than one root element');
        if (!selfClosing) stack.push(name);
      }
      pos = gt + 1;
    }
  }
  if (stack.length > 0) throw new Error(`Unclosed <${stack.at(-1)}>`);
  if (roots !== 1) throw new Error('No root element');
}

function checkAttributes(text: string, where: number): void {
  const seen = new Set<string>();
  const attr = /\s+([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
  let i = 0;
  while (i < text.length) {
    if (text.slice(i).trim() === '') return;
    attr.lastIndex = i;
    const m = attr.exec(text);
    if (!m) throw new Error(`Bad attribute syntax at ${where}: ${text.slice(i, i + 40)}`);
    const name = m[1] as string;
    if (!NAME.test(name) || seen.has(name)) throw new Error(`Bad or duplicate attribute ${name} at ${where}`);
    seen.add(name);
    checkText(m[3] ?? m[4] ?? '', where);
    i = attr.lastIndex;
  }
}
