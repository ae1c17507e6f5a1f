import './wordClient.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readPageConfig } from './pageConfig';
import { WordClientPage } from './WordClientPage';

const container = document.getElementById('root');
if (!container) throw new Error('wopi-client.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <WordClientPage config={readPageConfig(document, window.location.origin)} />
  </StrictMode>,
);
