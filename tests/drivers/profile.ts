// My Profile (/profile): opening it, the display name, a photo or a generated avatar, "Copy link".
import type { ChosenFile, ProfileState } from '../models/spec/profile.ts';
import {
  button,
  click,
  fill,
  labelled,
  open,
  region,
  textbox,
  upload,
  type PageDriver,
} from '../support/page-driver.ts';

const SECTION = region('Your profile');

export const profileDriver: PageDriver<ProfileState> = {
  'profile.load': () => [open('/profile')],
  'profile.retry': () => [click(button('Try again', SECTION))],
  'profile.nameChanged': (event) => [fill(textbox('Display name', SECTION), event.value as string)],
  'profile.saveName': () => [click(button('Save name', SECTION))],
  // a picture of the chosen name, type and size (the page checks them before uploading)
  'profile.avatarChosen': (event) => [upload(labelled('Upload a photo', SECTION), event.file as ChosenFile)],
  'profile.generateAvatar': () => [click(button('Use a generated avatar', SECTION))],
  'profile.copyReferral': () => [click(button('Copy link', SECTION))],
};
