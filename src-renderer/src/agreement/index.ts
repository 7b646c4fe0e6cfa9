// The agreement views, for the Annotate and Adjudicate workspaces.
export { AgreementPanel, type AgreementPanelProps } from './AgreementPanel';
export { AgreementDashboard } from './AgreementDashboard';
export { AdjudicationView } from './AdjudicationView';
