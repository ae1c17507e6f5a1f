import { describe, expect, it } from 'vitest';
import { renderMarkdown, slug } from './renderMarkdown.js';

describe('renderMarkdown', () => {
  it('renders headings with ids, paragraphs, lists with continuation lines, bold, code and links', () => {
    const html = renderMarkdown(
      [
        '# Quill user guide',
        '',
        'Read **this** and `that`,',
        'then [the list](/jobs).',
        '',
        '## The job list',
        '- one',
        '  more',
        '- two',
        '',
        '1. first',
        '2. second',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<h1 id="quill-user-guide">Quill user guide</h1>',
        '<p>Read <strong>this</strong> and <code>that</code>, then <a href="/jobs">the list</a>.</p>',
        '<h2 id="the-job-list">The job list</h2>',
        '<ul><li>one more</li><li>two</li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
      ].join('\n'),
    );
  });

  it('escapes markup and leaves links to other schemes as text', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) "q"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&#60;script&#62;');
  });

  it('makes ids from words', () => {
    expect(slug('My Account & Help')).toBe('my-account-help');
  });
});
