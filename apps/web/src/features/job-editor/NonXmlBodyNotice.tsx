import { Alert } from '@mantine/core';
import type { CdaEditModel } from '@quill/core/contract/documents/cda';
import { useTranslation } from 'react-i18next';

/**
 * Issue 40: the document's body is not XML (a CDA nonXMLBody) — plain text, an embedded PDF, or a
 * reference to an external file. It cannot be edited here; the notice says what it is (the
 * server's sentence, as the PDF and RTF print it). Nothing for a structured body.
 */
export function NonXmlBodyNotice({ model }: { model: CdaEditModel }) {
  const { t } = useTranslation();
  const body = model.nonXmlBody;
  if (!body) return null;
  const detail = body.note ?? t('documents.render.body.textBody', { mediaType: body.mediaType });
  return (
    <Alert color="yellow" mb="xs" role="status" data-testid="non-xml-body">
      {t('documents.render.body.notice', { detail })}
    </Alert>
  );
}
