/**
 * How a confirmation names the environment money would move in: the charge and order-operation dialogs say
 * it the same way, production unmistakably.
 */
import type { EnvironmentName } from '../../../main/ipc/contract';

export const CONFIRM_ENVIRONMENT_WORDS: Record<EnvironmentName, string> = {
  sandbox: 'Sandbox (simulated: no real money)',
  test: 'Test',
  production: 'Production: real card, real money',
  custom: 'Custom gateway',
};
