import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { MainLayout } from './components/MainLayout';
import { RequireAuth } from './components/RequireAuth';
import { DetailPage } from './pages/detail/DetailPage';
import { NoPermissionsPage } from './pages/error/NoPermissionsPage';
import { NotLoginPage } from './pages/error/NotLoginPage';
import { InvitePage } from './pages/invite/InvitePage';
import { ItemPage } from './pages/item/ItemPage';
import { LoginPage } from './pages/login/LoginPage';
import { PROJECT_SETTING_PATH, ProjectSettingPage } from './pages/project-setting/ProjectSettingPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { SPECIAL_PATH, SpecialPage } from './pages/special/SpecialPage';
import { DETAIL_PATH, STAGE_PATH } from './pages/stage/paths';
import { StagePage } from './pages/stage/StagePage';
import { TeamSettingsPage } from './pages/team/TeamSettingsPage';
import { TeamCreatePage } from './pages/team-create/TeamCreatePage';
import { TeamSwitchPage } from './pages/team-switch/TeamSwitchPage';
import { UserInfoPage } from './pages/user-info/UserInfoPage';
import { setRouterBridge } from './state/navigation';
import { itemPath, Paths, teamCreatePath, teamIdOf } from './state/redirect';
import { useSession } from './state/session';

/** `/` opens the active team's project list, or team creation for a user without teams. */
function RootRedirect() {
  const { team, teams } = useSession();
  if (team) return <Navigate replace to={itemPath(team.team_id, team.folderId)} />;
  const first = teams[0];
  return <Navigate replace to={first ? itemPath(teamIdOf(first)) : teamCreatePath} />;
}

/** The routes of spec 000 §2 (ids are the spec's route names). */
export const routes: RouteObject[] = [
  { id: 'login', path: Paths.login, element: <LoginPage /> },
  { id: 'register', path: Paths.register, element: <RegisterPage /> },
  { id: 'NotLogin', path: Paths.notLogin, element: <NotLoginPage /> },
  { id: 'noPermissions', path: Paths.noPermissions, element: <NoPermissionsPage /> },
  // The invitation landing works signed out too (spec 000 §2, §8).
  { id: 'invite', path: Paths.invite, element: <InvitePage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <RootRedirect /> },
      // A member without rights to a folder lands here (spec 001 §2: special?type=n_folder).
      { id: 'special', path: SPECIAL_PATH, element: <SpecialPage /> },
      // The detail view fills the window, without the app header.
      { id: 'detailDetach', path: DETAIL_PATH, element: <DetailPage /> },
      {
        element: <MainLayout sidebar />,
        children: [
          { id: 'itemIndex', path: Paths.item, element: <ItemPage /> },
          { id: 'team', path: Paths.team, element: <TeamSettingsPage /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { id: 'userInfo', path: Paths.userInfo, element: <UserInfoPage /> },
          { id: 'projectSetting', path: PROJECT_SETTING_PATH, element: <ProjectSettingPage /> },
          { id: 'stage', path: STAGE_PATH, element: <StagePage /> },
        ],
      },
      {
        element: <MainLayout showTeam={false} />,
        children: [
          { id: 'TeamCreate', path: Paths.teamCreate, element: <TeamCreatePage /> },
          { id: 'switch', path: Paths.teamSwitch, element: <TeamSwitchPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate replace to="/" /> },
];

export function createAppRouter() {
  const router = createHashRouter(routes);
  setRouterBridge({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return router;
}
