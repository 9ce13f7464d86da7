import { Outlet } from 'react-router';
import { LaunchOverlays } from '../launch/LaunchOverlays';
import { LaunchTrigger } from '../launch/LaunchTrigger';
import { NavigationBinder } from './NavigationBinder';
import { Suspended } from './Suspended';

/** The root layout: navigation binding first (its effect runs before the pages'), then the page, then the launch. */
export function Shell() {
  return (
    <>
      <NavigationBinder />
      <Suspended>
        <Outlet />
        <LaunchTrigger />
      </Suspended>
      <LaunchOverlays />
    </>
  );
}
