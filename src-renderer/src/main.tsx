// Renderer entry: install window.studio for this host, then render the shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installStudioApi } from './api/studio';
import { App } from './shell/App';
import { applyLabelColors } from './workspaces/replay/labelColors';
import { retryFailedStylesheets } from './workspaces/stylesheetRetry';
import './styles/theme.css';
import './styles/shell.css';

installStudioApi();
retryFailedStylesheets();
applyLabelColors(document.documentElement);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
