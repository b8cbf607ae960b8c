/** The training queue has no menu item (spec §2): the history and statistics pages link to it. */
export const TRAINING_PATH = '/stable/robot/training';
