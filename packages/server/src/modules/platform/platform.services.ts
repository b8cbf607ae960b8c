import type { Executor } from '../../db/database.js';
import type { Principal } from '../auth/auth.service.js';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { JobRunner } from '../job/job.runner.js';
import type { MailTransport } from '../../lib/mail/transport.js';
import { createPlatformNoticeService } from './notice/notice.service.js';
import { createPlatformStatisticService } from './statistic/statistic.service.js';
import type { PlatformChannelAppService } from './channel-app/channel-app.service.js';
import { createPlatformOnlineService } from './online/online.service.js';
import { createPlatformGreetingService } from './greeting/greeting.service.js';
import { createPlatformSynonymService } from './synonym/synonym.service.js';
import type { PlatformSynonymSource } from './synonym/synonym.source.js';

/** The services of platform administration (issue 20), reachable as `app.services.platform`. */
export type PlatformServices = ReturnType<typeof createPlatformServices>;

export const createPlatformServices = (deps: {
  db: Executor;
  synonymSource: PlatformSynonymSource;
  hub: RealtimeHub;
  /** Resolved tokens of this node (and the revocation bus to the others). */
  sessions: PrincipalCache<Principal>;
  jobs: JobRunner;
  mail: MailTransport;
  /** The platform's own apps on channel platforms (built with the channel module, which reads them). */
  channelApps: PlatformChannelAppService;
}) => {
  const { db } = deps;
  return {
    /** The platform's synonym library (robots read it through `synonymSource`). */
    synonyms: createPlatformSynonymService({ db, source: deps.synonymSource }),
    /** Default skill-group tips per language. */
    greetings: createPlatformGreetingService({ db }),
    /** Who is online now across organisations; signing a user out. */
    online: createPlatformOnlineService({ db, hub: deps.hub, sessions: deps.sessions }),
    /** Notices to organisations (push) and every console user's notification centre. */
    notices: createPlatformNoticeService({ db, hub: deps.hub, jobs: deps.jobs, mail: deps.mail }),
    /** The platform's figures per day. */
    statistics: createPlatformStatisticService({ db }),
    /** The platform's own apps on channel platforms (secrets sealed). */
    channelApps: deps.channelApps,
  };
};
