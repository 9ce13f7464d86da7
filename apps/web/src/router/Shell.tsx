import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { followBrowserNetwork } from '../api/connectivity';
import { OfflineBanner } from '../components/OfflineBanner';
import { LaunchOverlays } from '../launch/LaunchOverlays';
import { LaunchTrigger } from '../launch/LaunchTrigger';
import { NavigationBinder } from './NavigationBinder';
import { Suspended } from './Suspended';

/** The root layout: navigation binding first (its effect runs before the pages'), then the page, then the launch. */
export function Shell() {
  useEffect(followBrowserNetwork, []);
  return (
    <>
      <NavigationBinder />
      <Suspended>
        <Outlet />
        <LaunchTrigger />
      </Suspended>
      <OfflineBanner floating />
      <LaunchOverlays />
    </>
  );
}
