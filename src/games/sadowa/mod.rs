//! The Sadowa Campaign 1866 (Turning Point Simulations): the operational game of 1866.

pub mod charts;
