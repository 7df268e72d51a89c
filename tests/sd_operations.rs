//! The Sadowa Campaign: movement, ZOC, stacking and the initiative/activation loop
//! (3.1-3.3, 4.2-4.3, 6.1-6.2, 6.5.1, 7.1-7.2, 7.5), driven through commands.

#[allow(unused_imports)]
use crate::sd_supply::*;
