/* Error reporting for pages moved to shared/api (the knowledge-base pages use it too). */
export { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
