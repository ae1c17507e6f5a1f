import { enUS } from '@quill/core/i18n/enUS';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { cdaAnswer, jobRoutesFor } from './testing/jobFixtures';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

const REFERENCE_NOTE = 'The document’s body is an external file (reference): scan-77.pdf (application/pdf).';

/** getcda of a document whose body is a nonXMLBody referring to an external file. */
function nonXmlAnswer() {
  const answer = cdaAnswer();
  return {
    ...answer,
    model: {
      ...answer.model,
      nonXmlBody: {
        kind: 'reference',
        mediaType: 'application/pdf',
        reference: 'scan-77.pdf',
        note: REFERENCE_NOTE,
      },
      sections: [
        {
          key: '0',
          title: '',
          code: null,
          editable: false,
          blocks: [{ kind: 'paragraph', runs: [{ text: REFERENCE_NOTE, italic: true }] }],
          sections: [],
        },
      ],
    },
  };
}

describe('a document whose body is not XML (issue 40)', { timeout: 20_000 }, () => {
  it('opens with a notice saying what the body is, above the read-only text', async () => {
    fakeApi(
      signedInRoutes(undefined, undefined, { ...jobRoutesFor(), 'GET /api/job/getcda': nonXmlAnswer() }),
    );
    renderApp('/job/42');
    const notice = await screen.findByTestId('non-xml-body', {}, { timeout: 10_000 });
    const expected = enUS.documents.render.body.notice.replace('{{detail}}', REFERENCE_NOTE);
    expect(notice.textContent).toBe(expected);
    expect(await screen.findByRole('textbox', { name: enUS.jobView.editorLabel })).toBeTruthy();
  });

  it('shows no notice for a structured document', async () => {
    fakeApi(signedInRoutes(undefined, undefined, jobRoutesFor()));
    renderApp('/job/42');
    await screen.findByRole('textbox', { name: enUS.jobView.editorLabel }, { timeout: 10_000 });
    expect(screen.queryByTestId('non-xml-body')).toBeNull();
  });
});
