/// An error whose description is written for the person at the keyboard: the command layer prints it as it is.
public protocol UserFacingError: Error, CustomStringConvertible {}

extension AccountError: UserFacingError {}
extension ProfileError: UserFacingError {}
extension JournalError: UserFacingError {}
extension InputError: UserFacingError {}
