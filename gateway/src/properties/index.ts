import { FavouritesController } from '../favourites/favourites.controller.js';
import { AdminPropertiesController } from './admin-properties.controller.js';
import { AvailabilityController } from './availability.controller.js';
import { PropertiesController } from './properties.controller.js';

/** The gateway's property calls (registered in app.module.ts), favourites among them. */
export const PROPERTY_CONTROLLERS = [PropertiesController, AdminPropertiesController, AvailabilityController, FavouritesController];
