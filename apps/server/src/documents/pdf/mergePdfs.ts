import { PDFDocument, PDFPage } from 'pdf-lib';

/** A part's pages, copied into the output once, and which of them are placed already. */
interface CopiedPart {
  pages: PDFPage[];
  placed: boolean[];
}

/**
 * Builds one PDF from the pages of others (pdf-lib). Each part is parsed and copied in once; a page
 * placed again (one document printed for several recipients) is a new page object sharing the
 * first one's content and resources, so fonts and images are stored once however many copies
 * there are. `endCopy` closes a copy — its cover sheet and document — and, for duplex printing,
 * adds a blank page when the copy has an odd page count, so the next copy starts on a front side.
 */
export class PdfAssembler {
  private readonly parts = new Map<Buffer, CopiedPart>();
  private copyStart = 0;

  private constructor(private readonly out: PDFDocument) {}

  /** An empty assembler. */
  static async create(): Promise<PdfAssembler> {
    return new PdfAssembler(await PDFDocument.create());
  }

  /** Pages so far. */
  get pages(): number {
    return this.out.getPageCount();
  }

  private async copied(part: Buffer): Promise<CopiedPart> {
    let copied = this.parts.get(part);
    if (!copied) {
      const source = await PDFDocument.load(part, { updateMetadata: false });
      const pages = await this.out.copyPages(source, source.getPageIndices());
      copied = { pages, placed: pages.map(() => false) };
      this.parts.set(part, copied);
    }
    return copied;
  }

  /** Appends the pages of a PDF (every page unless `pageIndices` picks some, 0-based); answers how many. */
  async append(part: Buffer, pageIndices?: number[]): Promise<number> {
    const copied = await this.copied(part);
    const indices = pageIndices ?? copied.pages.map((_, i) => i);
    for (const i of indices) {
      const page = copied.pages[i];
      if (!page) throw new RangeError(`The PDF has no page ${i + 1}`);
      if (!copied.placed[i]) {
        copied.placed[i] = true;
        this.out.addPage(page);
      } else {
        const leaf = page.node.clone();
        this.out.addPage(PDFPage.of(leaf, this.out.context.register(leaf), this.out));
      }
    }
    return indices.length;
  }

  /** Adds a blank page, the size of the last one, when the pages since the last copy are odd. */
  endCopy(padToEven: boolean): void {
    const inCopy = this.pages - this.copyStart;
    if (padToEven && inCopy % 2 === 1) this.addBlankPage();
    this.copyStart = this.pages;
  }

  private addBlankPage(): void {
    const last = this.out.getPage(this.pages - 1);
    const { width, height } = last.getSize();
    this.out.addPage([width, height]);
  }

  /** The merged PDF; `title` is what a PDF viewer shows in its title bar. */
  async toBuffer(title?: string): Promise<Buffer> {
    if (title) this.out.setTitle(title, { showInWindowTitleBar: true });
    this.out.setCreator('Quill');
    this.out.setProducer('Quill');
    return Buffer.from(await this.out.save());
  }
}

/**
 * One PDF holding every page of `parts` in order; `padToEven` adds a blank page when the total is
 * odd (duplex). Answers the bytes and the page count.
 */
export async function mergePdfs(
  parts: Buffer[],
  opts: { padToEven?: boolean } = {},
): Promise<{ bytes: Buffer; pages: number }> {
  const assembler = await PdfAssembler.create();
  for (const part of parts) await assembler.append(part);
  assembler.endCopy(opts.padToEven ?? false);
  return { bytes: await assembler.toBuffer(), pages: assembler.pages };
}

/** The number of pages of a PDF. */
export async function countPdfPages(bytes: Buffer | Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPageCount();
}
