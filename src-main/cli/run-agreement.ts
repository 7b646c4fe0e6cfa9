// `egostudio agreement`: SPEC §11 for two annotators over the tasks both have annotated. The
// computation is shared/eval/agreement-report.ts, which the studio's agreement dashboard runs too.
import type { SqlJsStatic } from 'sql.js';
import { agreementReport as sharedAgreementReport, type AgreementReport } from '../../shared/eval/agreement-report';
import { engineProvider } from '../../shared/eval/engine-provider';
import type { LoadedDataset } from '../../shared/format/loader';

export type { AgreementReport };

export function agreementReport(dataset: LoadedDataset, SQL: SqlJsStatic, a: string, b: string): AgreementReport {
  const problems = [...dataset.problems];
  const engines = engineProvider(SQL, dataset, problems);
  try {
    return sharedAgreementReport(dataset, engines, a, b, { problems });
  } finally {
    engines.closeAll();
  }
}
