import { useTranslation } from 'react-i18next';
import { ROLES_NS } from './i18n';

type RoleLike = { value: string; name?: string; description?: string };

export type RoleText = {
  /** The role's name in the reader's language; the server's name for a key the console does not know. */
  name: (role: RoleLike) => string;
  /** The role's description in the reader's language; likewise falls back to the server's. */
  description: (role: RoleLike) => string;
};

/**
 * Role names and descriptions by role key (ROLE_*): the server stores English defaults, so every
 * page that shows a role (workplace, platform users and roles, kefu accounts) translates here.
 */
export const useRoleText = (): RoleText => {
  const { t } = useTranslation(ROLES_NS);
  return {
    name: (role) => t(`names.${role.value}`, { defaultValue: role.name ?? role.value }),
    description: (role) => t(`descriptions.${role.value}`, { defaultValue: role.description ?? '' }),
  };
};
