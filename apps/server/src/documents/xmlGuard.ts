import { DocumentLimitError, type DocumentLimits, ForbiddenMarkupError } from './limits.js';

enum State {
  Text,
  /** Just after '<'. */
  Open,
  /** After '<!': collecting the keyword (`--`, `[CDATA[`, `DOCTYPE`). */
  Bang,
  Comment,
  CData,
  Pi,
  EndTag,
  /** Inside a start tag, outside quotes. */
  Tag,
  Quoted,
}

/**
 * Counts the shape of XML text as it streams in — elements, attributes on each element, nesting
 * depth — and throws {@link DocumentLimitError} the moment one passes its bound, before any tree
 * is built. A `<!DOCTYPE` (entity declarations: external entities, entity expansion) throws
 * {@link ForbiddenMarkupError}: CDA and Office Open XML never carry one. One pass, no recursion,
 * constant memory; chunks may split markup anywhere. It does not check well-formedness (the
 * parser that runs after it does).
 */
export class XmlGuard {
  private state = State.Text;
  private bang = '';
  /** The closing run seen so far in a comment (`-`, `--`), CDATA (`]`, `]]`) or PI (`?`). */
  private tail = '';
  private quote = '';
  private lastTagChar = '';
  private depth = 0;
  private attrs = 0;
  private bytes = 0;
  elements = 0;

  constructor(
    private readonly limits: DocumentLimits,
    private readonly what: string,
  ) {}

  /** Feeds the next piece of text; `byteLength` counts toward the XML size bound. */
  push(text: string, byteLength = Buffer.byteLength(text)): void {
    this.bytes += byteLength;
    if (this.bytes > this.limits.maxXmlBytes)
      throw new DocumentLimitError('maxXmlBytes', this.limits.maxXmlBytes, this.what);
    const n = text.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case State.Text: {
          const lt = text.indexOf('<', i);
          if (lt === -1) return;
          this.state = State.Open;
          i = lt + 1;
          break;
        }
        case State.Open: {
          const c = text[i++]!;
          if (c === '?') {
            this.state = State.Pi;
            this.tail = '';
          } else if (c === '!') {
            this.state = State.Bang;
            this.bang = '';
          } else if (c === '/') this.state = State.EndTag;
          else this.startElement(c);
          break;
        }
        case State.Bang: {
          this.bang += text[i++]!;
          if (this.bang === '--') {
            this.state = State.Comment;
            this.tail = '';
          } else if (this.bang === '[CDATA[') {
            this.state = State.CData;
            this.tail = '';
          } else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) {
            // <!DOCTYPE, <!ENTITY, <!ELEMENT…: declarations have no place in a document.
            const doctype = this.bang[0] === 'D' || this.bang[0] === 'd';
            throw new ForbiddenMarkupError(
              doctype ? 'a DOCTYPE declaration' : 'a markup declaration',
              this.what,
            );
          }
          break;
        }
        case State.Comment:
        case State.CData:
        case State.Pi: {
          const close = this.state === State.Comment ? '-->' : this.state === State.CData ? ']]>' : '?>';
          const c = text[i++]!;
          const run = this.tail + c;
          if (run === close) {
            this.state = State.Text;
            this.tail = '';
          } else if (close.startsWith(run)) this.tail = run;
          else if (close.startsWith(c)) this.tail = c;
          else {
            this.tail = '';
            // Skip ahead to the next possible start of the closing run.
            const next = text.indexOf(close[0]!, i);
            i = next === -1 ? n : next;
          }
          break;
        }
        case State.EndTag: {
          const gt = text.indexOf('>', i);
          if (gt === -1) return;
          this.depth = Math.max(0, this.depth - 1);
          this.state = State.Text;
          i = gt + 1;
          break;
        }
        case State.Tag: {
          const c = text[i++]!;
          if (c === '"' || c === "'") {
            this.quote = c;
            this.state = State.Quoted;
          } else if (c === '=') {
            this.attrs += 1;
            if (this.attrs > this.limits.maxAttributes)
              throw new DocumentLimitError('maxAttributes', this.limits.maxAttributes, this.what);
          } else if (c === '>') {
            if (this.lastTagChar === '/') this.depth -= 1;
            this.state = State.Text;
          }
          if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n') this.lastTagChar = c;
          break;
        }
        case State.Quoted: {
          const close = text.indexOf(this.quote, i);
          if (close === -1) return;
          this.state = State.Tag;
          this.lastTagChar = this.quote;
          i = close + 1;
          break;
        }
      }
    }
  }

  /**
   * Whether the text so far is a whole document: at least one element, every element closed and
   * no markup left open (false for a file cut off part way).
   */
  get complete(): boolean {
    return this.elements > 0 && this.depth <= 0 && this.state === State.Text;
  }

  private startElement(first: string): void {
    this.elements += 1;
    if (this.elements > this.limits.maxElements)
      throw new DocumentLimitError('maxElements', this.limits.maxElements, this.what);
    this.depth += 1;
    if (this.depth > this.limits.maxDepth)
      throw new DocumentLimitError('maxDepth', this.limits.maxDepth, this.what);
    this.attrs = 0;
    this.lastTagChar = first;
    this.state = State.Tag;
  }
}

/** Checks a whole XML text against the bounds (see {@link XmlGuard}); throws when it crosses one. */
export function guardXml(text: string, limits: DocumentLimits, what: string): void {
  new XmlGuard(limits, what).push(text);
}
