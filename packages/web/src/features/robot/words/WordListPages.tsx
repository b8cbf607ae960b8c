import { WordListPage } from './WordListPage';

/* The robot menu's word lists: one component, configured by kind. */

export const TransferKeywordPage = () => <WordListPage kind="transfer" />;
export const SynonymPage = () => <WordListPage kind="synonym" />;
export const StopwordPage = () => <WordListPage kind="stopword" />;
