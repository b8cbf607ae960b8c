/* The page-test DOM helpers moved to shared/testing (the knowledge-base pages use them too). */
export * from '../../../shared/testing/dom';
