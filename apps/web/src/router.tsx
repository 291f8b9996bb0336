import { createHashRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { DOCS_PATH, SUPPORT_PATH } from './components/help/paths';
import { ShortcutsSheet } from './components/help/ShortcutsSheet';
import { MainLayout } from './components/MainLayout';
import { NetworkBanner } from './components/NetworkBanner';
import { PageFreshness } from './components/PageFreshness';
import { RequireAuth } from './components/RequireAuth';
import { WhatsNew } from './components/WhatsNew';
import { BindWechatPrompt } from './pages/chat-accounts/BindWechatPrompt';
import { CHAT_PATHS, DINGTALK_PATHS, PLATFORM_PATHS } from './pages/chat-accounts/paths';
import { DSM_PATH } from './pages/dsm/paths';
import { ONBOARDING_PATH } from './pages/onboarding/paths';
import { PLUG_BIND_PATH, PLUG_SUCCESS_PATH } from './pages/plugin/paths';
import { PRODUCT_PATH } from './pages/product/paths';
import { PROJECT_SETTING_PATH } from './pages/project-setting/paths';
import { DEMO_PATH, FLOW_MAP_PATH, PROTO_EDIT_ENTRY_PATH, PROTO_EDIT_PATH } from './pages/prototype/paths';
import { RecoveryPaths } from './pages/recovery/paths';
import { SEARCH_PATH } from './pages/search/paths';
import { SearchLauncher } from './pages/search/SearchLauncher';
import { SPECIAL_PATH, SpecialPage } from './pages/special/SpecialPage';
import { SSO_PATH, SSO_REGISTER_PATH } from './pages/sso/paths';
import { DETAIL_PATH, STAGE_PATH } from './pages/stage/paths';
import { WALKTHROUGH_PATH } from './pages/walkthrough/paths';
import { deferred, lazyRoute, type Preload, withElementBefore } from './routeLoading';
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

/**
 * Every signed-in screen, with the header or without: global search's ⌘K / Ctrl-K and its palette, the
 * shortcuts sheet (`?`), the "what's new" notice and the page freshness check, once.
 */
function SignedIn() {
  return (
    <>
      <Outlet />
      <SearchLauncher />
      <BindWechatPrompt />
      <ShortcutsSheet />
      <WhatsNew />
      <PageFreshness />
    </>
  );
}

/** The project pages' folder tree: its own chunk, loaded beside the page it frames. */
const itemSidebar = deferred(
  () => import('./pages/item/sidebar/ItemSidebar'),
  (m) => m.ItemSidebar,
  null,
);

/** A share link's landing, and its content for its visitor: the stage's and the detail view's code. */
const shareGate = deferred(
  () => import('./pages/share/ShareGate'),
  (m) => m.ShareGate,
);
const shareStage = deferred(
  () => import('./pages/share/VisitorStage'),
  (m) => m.VisitorStage,
);
// The detail view itself: it reads the visitor from the context the share page provides.
const shareDetail = deferred(
  () => import('./pages/detail/DetailPage'),
  (m) => m.DetailPage,
);
// The prototype demo, as a member or as a link's visitor.
const demoPage = deferred(
  () => import('./pages/prototype/player/DemoPage'),
  (m) => m.DemoPage,
);

// The hotspot editor, at its address and its entry address.
const protoEditor = deferred(
  () => import('./pages/prototype/editor/ProtoEditorPage'),
  (m) => m.ProtoEditorPage,
);
const protoEditorRoute = { element: protoEditor.element, handle: { preload: protoEditor.preload } };

const dingTalkPages = () => import('./pages/chat-accounts/DingTalkPages');

/** The routes of spec 000 §2 (ids are the spec's route names). */
export const routes: RouteObject[] = [
  lazyRoute(
    'login',
    Paths.login,
    () => import('./pages/login/LoginPage'),
    (m) => m.LoginPage,
  ),
  lazyRoute(
    'register',
    Paths.register,
    () => import('./pages/register/RegisterPage'),
    (m) => m.RegisterPage,
  ),
  lazyRoute(
    'NotLogin',
    Paths.notLogin,
    () => import('./pages/error/NotLoginPage'),
    (m) => m.NotLoginPage,
  ),
  lazyRoute(
    'noPermissions',
    Paths.noPermissions,
    () => import('./pages/error/NoPermissionsPage'),
    (m) => m.NoPermissionsPage,
  ),
  // The chat-app pages work signed out: a provider sends the page back here (spec 000 §2).
  lazyRoute(
    'LarkTip',
    CHAT_PATHS.tip,
    () => import('./pages/chat-accounts/ChatTipPage'),
    (m) => m.ChatTipPage,
  ),
  lazyRoute(
    'LarkLaunch',
    CHAT_PATHS.launch,
    () => import('./pages/chat-accounts/ChatLaunchPage'),
    (m) => m.ChatLaunchPage,
  ),
  lazyRoute(
    'LarkBind',
    CHAT_PATHS.bind,
    () => import('./pages/chat-accounts/ChatBindPage'),
    (m) => m.ChatBindPage,
  ),
  // DingTalk's host pages: its workbench app's entry, its sign-in's way back and its refusal.
  lazyRoute('ding_ding_welcome', DINGTALK_PATHS.welcome, dingTalkPages, (m) => m.DingTalkWelcomePage),
  lazyRoute('ding_ding_landing', DINGTALK_PATHS.landing, dingTalkPages, (m) => m.DingTalkLandingPage),
  lazyRoute('ding_ding_login_error', DINGTALK_PATHS.error, dingTalkPages, (m) => m.DingTalkLoginErrorPage),
  // Recovering an account, signed out: the mails link to reset and activate.
  lazyRoute(
    'forgotPassword',
    RecoveryPaths.forgot,
    () => import('./pages/recovery/ForgotPasswordPage'),
    (m) => m.ForgotPasswordPage,
  ),
  lazyRoute(
    'resetPassword',
    RecoveryPaths.reset,
    () => import('./pages/recovery/ResetPasswordPage'),
    (m) => m.ResetPasswordPage,
  ),
  lazyRoute(
    'activate',
    RecoveryPaths.activate,
    () => import('./pages/recovery/ActivatePage'),
    (m) => m.ActivatePage,
  ),
  // The invitation landing works signed out too (spec 000 §2, §8).
  lazyRoute(
    'invite',
    Paths.invite,
    () => import('./pages/invite/InvitePage'),
    (m) => m.InvitePage,
  ),
  // A share link's landing and its visitor's pages, signed in or not (spec 002 §2, §4).
  lazyRoute(
    'shareInvalid',
    '/shareInvalid',
    () => import('./pages/share/ShareInvalidPage'),
    (m) => m.ShareInvalidPage,
  ),
  {
    id: 'share',
    path: '/share/:code',
    element: shareGate.element,
    handle: { preload: shareGate.preload },
    children: [
      { index: true, element: shareStage.element, handle: { preload: shareStage.preload } },
      { path: 'detail', element: shareDetail.element, handle: { preload: shareDetail.preload } },
      { path: 'demo', element: demoPage.element, handle: { preload: demoPage.preload } },
    ],
  },
  // Single sign-on works signed out; the provider's return lands here (spec 000 §2 /sso/#/ main and register).
  lazyRoute(
    'sso',
    SSO_PATH,
    () => import('./pages/sso/SsoPage'),
    (m) => m.SsoPage,
  ),
  lazyRoute(
    'ssoRegister',
    SSO_REGISTER_PATH,
    () => import('./pages/sso/SsoPage'),
    (m) => m.SsoPage,
  ),
  // The help centre needs no session: it opens in a new tab from the help menu (spec 002 §2).
  lazyRoute(
    'support',
    SUPPORT_PATH,
    () => import('./pages/help/SupportPage'),
    (m) => m.SupportPage,
  ),
  // The plugin's sign-in has its token once approved: its success page needs no session.
  lazyRoute(
    'plugLoginSuccess',
    PLUG_SUCCESS_PATH,
    () => import('./pages/plugin/PlugLoginSuccessPage'),
    (m) => m.PlugLoginSuccessPage,
  ),
  {
    element: <RequireAuth />,
    children: [
      // A plugin's sign-in is approved signed in; signed out, the guard goes to sign-in and back.
      lazyRoute(
        'plugBindAccount',
        PLUG_BIND_PATH,
        () => import('./pages/plugin/PlugBindAccountPage'),
        (m) => m.PlugBindAccountPage,
      ),
      {
        element: <SignedIn />,
        children: [
          { path: '/', element: <RootRedirect /> },
          // A design platform binds or verifies the signed-in account (spec 000 §2).
          lazyRoute(
            'platformsBindAccount',
            PLATFORM_PATHS.bind,
            () => import('./pages/chat-accounts/PlatformGrantPage'),
            (m) => m.PlatformBindPage,
          ),
          lazyRoute(
            'mastergoVerifyAccount',
            PLATFORM_PATHS.verify,
            () => import('./pages/chat-accounts/PlatformGrantPage'),
            (m) => m.PlatformVerifyPage,
          ),
          // A team's docs area, with its own top bar (none for the team id `error`).
          lazyRoute(
            'docs',
            DOCS_PATH,
            () => import('./pages/help/TeamDocsPage'),
            (m) => m.TeamDocsPage,
          ),
          // A member without rights to a folder lands here (spec 001 §2: special?type=n_folder).
          { id: 'special', path: SPECIAL_PATH, element: <SpecialPage /> },
          // The prototype demo fills the window too.
          {
            id: 'protoDemo',
            path: DEMO_PATH,
            element: demoPage.element,
            handle: { preload: demoPage.preload },
          },
          // The flow map of a project's prototype fills the window too.
          lazyRoute(
            'protoFlowMap',
            FLOW_MAP_PATH,
            () => import('./pages/prototype/flow/FlowMapPage'),
            (m) => m.FlowMapPage,
          ),
          // The hotspot editor fills the window too; its entry address opens the project's first design.
          { id: 'protoDetach', path: PROTO_EDIT_PATH, ...protoEditorRoute },
          { id: 'protoDetachEntry', path: PROTO_EDIT_ENTRY_PATH, ...protoEditorRoute },
          // The detail view fills the window, without the app header.
          lazyRoute(
            'detailDetach',
            DETAIL_PATH,
            () => import('./pages/detail/DetailPage'),
            (m) => m.DetailPage,
          ),
          {
            element: <MainLayout sidebar={itemSidebar.element} />,
            handle: { preload: itemSidebar.preload },
            children: [
              lazyRoute(
                'itemIndex',
                Paths.item,
                () => import('./pages/item/ItemPage'),
                (m) => m.ItemPage,
              ),
              lazyRoute(
                'team',
                Paths.team,
                () => import('./pages/team/TeamSettingsPage'),
                (m) => m.TeamSettingsPage,
              ),
            ],
          },
          {
            element: <MainLayout />,
            children: [
              lazyRoute(
                'userInfo',
                Paths.userInfo,
                () => import('./pages/user-info/UserInfoPage'),
                (m) => m.UserInfoPage,
              ),
              lazyRoute(
                'projectSetting',
                PROJECT_SETTING_PATH,
                () => import('./pages/project-setting/ProjectSettingPage'),
                (m) => m.ProjectSettingPage,
              ),
              // The network banner belongs to the board only (spec 002 §2).
              withElementBefore(
                <NetworkBanner />,
                lazyRoute(
                  'stage',
                  STAGE_PATH,
                  () => import('./pages/stage/StagePage'),
                  (m) => m.StagePage,
                ),
              ),
              // Global search's full results (spec 001 §7 "Search").
              lazyRoute(
                'search',
                SEARCH_PATH,
                () => import('./pages/search/SearchPage'),
                (m) => m.SearchPage,
              ),
              // The product documents (spec 001 §2: /item/project/product).
              lazyRoute(
                'product',
                PRODUCT_PATH,
                () => import('./pages/product/ProductPage'),
                (m) => m.ProductPage,
              ),
              // Design QA: screenshots of the built pages against the designs, and their issues.
              lazyRoute(
                'walkthrough',
                WALKTHROUGH_PATH,
                () => import('./pages/walkthrough/WalkthroughPage'),
                (m) => m.WalkthroughPage,
              ),
              // A dsm project's design system: its library and tokens (spec 001 §7 "Design system").
              lazyRoute(
                'dsm',
                DSM_PATH,
                () => import('./pages/dsm/DsmPage'),
                (m) => m.DsmPage,
              ),
            ],
          },
          {
            element: <MainLayout showTeam={false} />,
            children: [
              lazyRoute(
                'TeamCreate',
                Paths.teamCreate,
                () => import('./pages/team-create/TeamCreatePage'),
                (m) => m.TeamCreatePage,
              ),
              // The first-run path: role and industry, inviting colleagues, the sample project.
              lazyRoute(
                'onboarding',
                ONBOARDING_PATH,
                () => import('./pages/onboarding/OnboardingPage'),
                (m) => m.OnboardingPage,
              ),
              lazyRoute(
                'switch',
                Paths.teamSwitch,
                () => import('./pages/team-switch/TeamSwitchPage'),
                (m) => m.TeamSwitchPage,
              ),
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate replace to="/" /> },
];

/**
 * Starts the code of the screens an address opens (and of their frame), so it loads beside the session check;
 * settles (never rejects) once it is in or has failed.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const loading = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const preload = route.handle?.preload as Preload | undefined;
    return preload?.().catch(() => undefined);
  });
  return Promise.all(loading);
}

export function createAppRouter() {
  const router = createHashRouter(routes);
  setRouterBridge({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return router;
}
