/** A load run's results: the shared definition (the page and the CLI read the same shape). */
export type { LoadReport, LoadSnapshot, RunEnd, StepReport } from '../../../shared/load-report';
