/**
 * The screens' themes, which each role profile chooses for itself: shared by the settings service that
 * keeps the choice and the IPC contract that takes it (the renderer reads the contract's types). Imports
 * nothing, so the renderer's build may include it.
 */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
