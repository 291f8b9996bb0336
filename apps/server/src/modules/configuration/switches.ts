import type { FeatureSwitches } from '@ferry/shared';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { isUnlimited } from '../teams/plans.js';
import type { TeamRow } from '../teams/policy.js';

/**
 * Every feature switch of the product, from one place: the server's configuration, and the team's plan when
 * a team is asked about. The web app reads them from the configuration calls instead of its own constants.
 */
export function featureSwitches(ctx: AppContext, team?: TeamRow): FeatureSwitches {
  return {
    ...serverSwitches(ctx.config),
    // Watermarks belong to enterprise teams and the corporate edition (spec 000 §6).
    watermark: team ? isUnlimited(ctx, team) : ctx.config.edition === 'corporate',
  };
}

function serverSwitches(config: Config): Omit<FeatureSwitches, 'watermark'> {
  return {
    quick_link: true,
    product_group: true,
    guides: config.guidesEnabled,
    // Ferry sends no text messages, so it binds no phone numbers and never asks for one.
    phone_bind_tip: false,
    axure_prototypes: true,
    // The project setting for document downloads is not built yet.
    documents: false,
  };
}
