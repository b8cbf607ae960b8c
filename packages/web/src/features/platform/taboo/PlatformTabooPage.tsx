import { useProfile } from '../../../shared/auth/profileStore';
import { TabooWordTable } from '../../kefu/taboo/TabooWordTable';

/** Platform → sensitive words (`/stable/platform/taboo`): the words every organisation inherits. */
export const PlatformTabooPage = () => {
  const profile = useProfile();
  return <TabooWordTable scope="platform" isPlatformStaff={profile?.isPlatformStaff ?? false} />;
};
